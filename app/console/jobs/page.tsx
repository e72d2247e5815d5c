import type { Metadata } from 'next';
import { RoutingJobsView } from '@/components/routing-jobs-view';

export const metadata: Metadata = { title: 'Routing jobs' };

export default function RoutingJobsPage() {
  return <RoutingJobsView />;
}
