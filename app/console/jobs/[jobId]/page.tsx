import type { Metadata } from 'next';
import { RoutingJobView } from '@/components/routing-job-view';

export const metadata: Metadata = { title: 'Routing job' };

export default async function RoutingJobPage({ params }: { params: Promise<{ jobId: string }> }) {
  const { jobId } = await params;
  return <RoutingJobView jobId={jobId} />;
}
