import type { Metadata } from 'next';
import Link from 'next/link';
import { PlanRequestForm, type OrdersCsvFormat, type PlanExample } from '@/components/plan-request-form';
import bookCreate from '@/docs/examples/book-create.json';
import multiDepotPlan from '@/docs/examples/multi-depot-plan.json';
import sameDayPlan from '@/docs/examples/same-day-plan.json';
import { ORDER_CSV_COLUMNS, ordersCsvTemplate } from '@/server/routing';

export const metadata: Metadata = { title: 'Plan a request' };

/** The documented examples, offered as starting points (a booking example is offered as its plan). */
const examples: PlanExample[] = [
  { name: 'same-day-plan', title: 'Same-day deliveries, Brooklyn (6 orders, 2 vans)', body: sameDayPlan },
  { name: 'multi-depot-plan', title: 'Two Atlanta depots, skills and priorities (10 orders)', body: multiDepotPlan },
  {
    name: 'book-create',
    title: 'The same-day plan, as booked by book-create',
    body: { ...bookCreate, mode: undefined, problemId: 'example-book-2026-11-23-plan' },
  },
].map((example) => ({ ...example, body: JSON.stringify(example.body, null, 2) }));

const csv: OrdersCsvFormat = {
  columns: Object.entries(ORDER_CSV_COLUMNS).map(([name, description]) => ({ name, description })),
  template: ordersCsvTemplate(),
};

export default function PlanRequestPage() {
  return (
    <>
      <p className="breadcrumbs">
        <Link href="/console/jobs">Routing jobs</Link> /
      </p>
      <h1>Plan a request</h1>
      <p className="muted">
        Runs the request as a plan (nothing is booked) and opens its job, where you can watch it solve and then book it.
        The same problemId with the same body finds the earlier job; change the problemId to plan a changed request.
      </p>
      <PlanRequestForm examples={examples} csv={csv} />
    </>
  );
}
