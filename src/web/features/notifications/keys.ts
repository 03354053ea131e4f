/** The notification queries' cache keys, on their own so the header can read the count without the API code. */
export const notificationKeys = {
  unread: ['notifications', 'unread-count'] as const,
  list: ['notifications', 'list'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

export type NotificationHome = '/app' | '/manager';

/** Where the notification centre has its own page (the phone menu's entry, and the bell's fallback). */
export const notificationsPath = (home: NotificationHome) => `${home}/notifications` as const;
