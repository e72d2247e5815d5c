'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** The console's pages, in one place; admin entries are shown to admins only. */
const consoleNavigation: { section?: string; adminOnly?: boolean; items: { href: string; label: string }[] }[] = [
  { items: [{ href: '/console', label: 'Home' }] },
  {
    section: 'Dispatch',
    items: [
      { href: '/console/jobs', label: 'Routing jobs' },
      { href: '/console/itineraries', label: 'Itineraries' },
      { href: '/console/booking', label: 'Booking' },
    ],
  },
  {
    section: 'Admin',
    adminOnly: true,
    items: [
      { href: '/console/admin/accounts', label: 'Accounts' },
      { href: '/console/admin/users', label: 'Users' },
      { href: '/console/admin/api-keys', label: 'API keys' },
      { href: '/console/admin/booking-pricing', label: 'Booking pricing' },
      { href: '/console/admin/slot-policy', label: 'Slot policy' },
      { href: '/console/admin/pickup-locations', label: 'Pickup locations' },
    ],
  },
  { section: 'Developers', items: [{ href: '/v1/docs', label: 'API reference' }] },
];

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
