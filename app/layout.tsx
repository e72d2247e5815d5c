import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Routing & Booking', template: '%s · Routing & Booking' },
  description: 'Vehicle routing and booking recommendations: API and dispatcher console.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request: each page's scripts carry that response's CSP nonce (proxy.ts).
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
