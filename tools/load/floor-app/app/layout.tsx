import type { ReactNode } from "react";

export const metadata = {
  title: "Hello",
  description: "The framework's floor: one page, no code of its own.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
