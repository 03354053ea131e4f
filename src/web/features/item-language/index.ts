/**
 * The item-language feature's public entry: what other features and shared web code may import (ADR 0053).
 * No pages here: app.tsx lazy-loads them, and an entry that pulled a page in would grow other routes' chunks.
 */
export { type ItemLanguage, type ItemLanguageState, pick, useItemLanguage } from './item-language';
export { ExhibitSlot, ItemToolbar, speechOf, withExhibit } from './item-toolbar';
export { StemText } from './key-words';
