'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { consoleNavigation } from './console-pages';

export function ConsoleNav({ isAdmin }: { isAdmin: boolean }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Console">
      {consoleNavigation
        .filter((group) => isAdmin || !group.adminOnly)
        .map((group) => (
          <div key={group.section ?? 'main'}>
            {group.section ? <div className="section">{group.section}</div> : null}
            {group.items.map((item) => {
              const active = item.href === '/console' ? pathname === item.href : pathname.startsWith(item.href);
              return (
                <Link key={item.href} href={item.href} aria-current={active ? 'page' : undefined}>
                  {item.label}
                </Link>
              );
            })}
          </div>
        ))}
    </nav>
  );
}
