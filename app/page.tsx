import Link from 'next/link';

export default function HomePage() {
  return (
    <main className="landing">
      <h1>Routing &amp; Booking</h1>
      <p className="muted">Optimized delivery tours and bookable delivery windows.</p>
      <ul className="cards">
        <li>
          <Link href="/console" className="card">
            <strong>Dispatcher console</strong>
            <span>Tours, itineraries and account settings. Sign-in required.</span>
          </Link>
        </li>
        <li>
          <Link href="/v1/docs" className="card">
            <strong>API reference</strong>
            <span>The /v1 routing and booking API, generated from the server&apos;s own schemas.</span>
          </Link>
        </li>
        <li>
          <a href="/v1/openapi.json" className="card">
            <strong>OpenAPI 3.1 document</strong>
            <span>For client generators and API tools.</span>
          </a>
        </li>
      </ul>
    </main>
  );
}
