import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const metadata = { title: "Choose a new password" };

export default function ResetPasswordPage() {
  return (
    <AuthCard title="Choose a new password" subtitle="This signs you out everywhere." footer={null}>
      <ResetPasswordForm />
    </AuthCard>
  );
}
