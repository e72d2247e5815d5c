import Link from 'next/link';

// Pages only: unknown /v1 paths never get here (app/v1/[[...path]] answers them with the JSON envelope).
export default function NotFound() {
  return (
    <main className="landing">
      <h1>Page not found</h1>
      <p className="muted">There is nothing at this address.</p>
      <p>
        <Link href="/console">Console</Link> · <Link href="/v1/docs">API reference</Link>
      </p>
    </main>
  );
}
