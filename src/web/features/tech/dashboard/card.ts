/** The white card every dashboard section uses. */
export const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5';
