import type { Metadata } from 'next';
import { ApiReference } from '@/components/api-reference';
import { openApiDocument } from '@/server/api-reference/document';

export const metadata: Metadata = { title: 'API reference' };
export const dynamic = 'force-dynamic';

export default function ApiDocsPage() {
  return <ApiReference doc={openApiDocument()} />;
}
