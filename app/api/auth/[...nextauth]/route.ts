import { handlers } from '@/server/http/console-auth';

export const { GET, POST } = handlers;
