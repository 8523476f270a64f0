import { AuthCard } from "@/components/auth/auth-card";
import { VerifyEmailView } from "@/components/auth/verify-email-view";

export const metadata = { title: "Verify your email" };

export default function VerifyEmailPage() {
  return (
    <AuthCard title="Verify your email" subtitle="Confirming the address your Kasa sign-in uses." footer={null}>
      <VerifyEmailView />
    </AuthCard>
  );
}
