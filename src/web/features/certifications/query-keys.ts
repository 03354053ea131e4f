// Apart from the hooks: the app shell seeds them from the dashboard's HTML (src/web/app/route-data.ts).
/** The technician's own certifications. */
export const myCertificationsKey = ['certifications', 'mine'] as const;
