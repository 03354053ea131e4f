/** `npm run bench`: the practice load benchmark (needs DATABASE_URL); page weight runs with `npx tsx bench/page-weight.ts`. */
import './practice';
