import type { ReactNode } from 'react';

/** One titled section of a profile page. */
export function ProfileCard({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      {/* A link to the card (`#certifications-title`) lands with the card's top edge in view, not flush. */}
      <h2 id={id} className="mb-4 scroll-mt-6 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
