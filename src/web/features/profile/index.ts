/**
 * The profile feature's public entry: what other features and shared web code may import (ADR 0053).
 * No pages here: app.tsx lazy-loads them, and an entry that pulled a page in would grow other routes' chunks.
 */
export { COPIED_MESSAGE_MS, CopyShopCode } from './copy-shop-code';
export { PersonalInfoForm } from './personal-info-form';
