// The sign-in form's first step: the password, checked once (throttled, and a
// wrong one counted), answered with the sign-in's token and the second
// factors it still owes. The browser then completes it through next-auth.
import { AppError } from "../../errors/app-error";
import { signInWithPassword } from "./sign-in-with-password";
import { SignInThrottled } from "./sign-in-throttle";
import { openSignIn } from "./two-factor/second-factor-sign-in";

export async function startSignIn(
  credentials: unknown,
  device: { userAgent: string | null; ip: string | null },
): Promise<{ challenge: string; methods: string[] }> {
  const user = await signInWithPassword(credentials, device.ip).catch((error: Error) => {
    if (error instanceof SignInThrottled) throw new AppError("RATE_LIMIT_EXCEEDED", { message: error.message });
    throw error;
  });
  if (!user) throw new AppError("UNAUTHORIZED", { message: "Email or password is incorrect." });
  const opened = await openSignIn(user.id, device);
  return { challenge: opened.token, methods: opened.methods };
}
