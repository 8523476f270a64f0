import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/trpc/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Kasa", template: "%s · Kasa" },
  description: "SMS, email and top-ups for developers in Africa and everywhere else.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
