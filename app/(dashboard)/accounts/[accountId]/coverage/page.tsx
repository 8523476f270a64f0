import { CoverageBrowser } from "@/components/coverage/coverage-browser";

export const metadata = { title: "Coverage" };

export default async function Page({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  return <CoverageBrowser accountId={accountId} />;
}
