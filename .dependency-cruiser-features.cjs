/**
 * Feature-level cycles (docs/decisions/0053-feature-boundaries.md), a second pass of `npm run check`. It cruises
 * src/web/features only and looks at folders, so a cycle between two features is an error whichever of their
 * files it runs through, while a path through app/ (which lazy-loads every page, and which features use for the
 * signed-in user) is not a feature cycle. The other rules are in .dependency-cruiser.cjs.
 */
const base = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'no-feature-cycles',
      comment:
        'No cycle between web features: move the shared piece down to components/ or lib/, or invert the dependency',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/web/features/[^/]+$' },
      to: { path: '^src/web/features/[^/]+$', circular: true },
    },
  ],
  options: { ...base.options, includeOnly: '^src/web/features/' },
};
