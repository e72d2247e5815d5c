import { ConsoleHome } from '@/components/console-home';

export default function ConsolePage() {
  return <ConsoleHome />;
}
