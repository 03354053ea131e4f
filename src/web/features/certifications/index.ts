/**
 * The certifications feature's public entry: what other features and shared web code may import (ADR 0053).
 * No pages here: app.tsx lazy-loads them, and an entry that pulled a page in would grow other routes' chunks.
 */
export { useShopCertifications } from './api';
export { CertificationsPanel } from './certifications-panel';
export { CertificationsSummary } from './certifications-summary';
export { ShopCertificationsCard } from './shop-certifications-card';
