interface NavGroup {
  section?: string;
  adminOnly?: boolean;
  items: { href: string; label: string }[];
}

/** The console's pages, in one place (the nav and the accessibility scan); admin entries are for admins only. */
export const consoleNavigation: NavGroup[] = [
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
