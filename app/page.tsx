import { Link } from "@/components/ui/link";
import { Logo } from "@/components/ui/logo";
import { getSessionUser } from "@/server/auth/session-user";
import { publicUrl } from "@/server/config/public-url";
import { ScrollRegion } from "@/components/ui/scroll-region";

export const dynamic = "force-dynamic";

/** The front page: signed in, it leads to the dashboard; its example calls this deployment. */
export default async function HomePage() {
  const user = await getSessionUser();
  return (
    <main className="mx-auto flex min-h-screen max-w-5xl flex-col px-6">
      <header className="flex items-center justify-between py-6">
        <Logo className="text-lg" />
        <nav className="flex items-center gap-4 text-sm">
          <Link href="/docs" className="text-slate-700 hover:text-slate-900">
            Docs
          </Link>
          {user ? (
            <Link
              href="/dashboard"
              className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700"
            >
              Open the dashboard
            </Link>
          ) : (
            <>
              <Link href="/signin" className="text-slate-700 hover:text-slate-900">
                Sign in
              </Link>
              <Link
                href="/signup"
                className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700"
              >
                Get started
              </Link>
            </>
          )}
        </nav>
      </header>
      <section className="flex flex-1 flex-col justify-center py-16">
        <h1 className="max-w-3xl text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl">
          SMS, email and top-ups for developers in Africa and everywhere else.
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-600">
          One JSON API for global SMS routing, transactional email, signed webhooks, and Ghana data bundles and airtime.
          Prepaid, with test keys that never charge.
        </p>
        <div className="mt-8 flex gap-3">
          {user ? (
            <Link
              href="/dashboard"
              className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
            >
              Open the dashboard
            </Link>
          ) : (
            <>
              <Link
                href="/signup"
                className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
              >
                Create a free account
              </Link>
              <Link
                href="/signin"
                className="rounded-md bg-white px-4 py-2 font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
              >
                Sign in
              </Link>
            </>
          )}
        </div>
        <ScrollRegion
          as="pre"
          className="mt-12 overflow-x-auto rounded-lg bg-slate-900 p-5 text-sm text-slate-100"
          label="Example request"
        >
          {`curl ${publicUrl()}/api/v1/sms/send \\
  -H "Authorization: Bearer kasa_test_…" \\
  -H "Content-Type: application/json" \\
  -d '{"to": "+233201234567", "message": "Your code is 482913"}'`}
        </ScrollRegion>
      </section>
    </main>
  );
}
