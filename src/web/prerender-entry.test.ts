import { describe, expect, it } from 'vitest';
import { renderHead, renderHome } from './prerender-entry';

/** The prerendered homepage is really in its language: Spanish words, no English left over. */
describe('prerendered homepage per language', () => {
  it('renders the English homepage with the spec’s labels', () => {
    const html = renderHome('en', false);
    for (const text of ['Sign In', 'Get Started Free', 'Start Free Practice Test', 'Learn More', '2,530']) {
      expect(html).toContain(text);
    }
    // No claim that no data backs (pass rate, user count, testimonials).
    for (const text of ['95%', '10,000', '1000+', '<blockquote']) expect(html).not.toContain(text);
    expect(renderHead('en').title).toBe('TorquePrep — ASE Certification Prep for Automotive Technicians');
  });

  it('renders the Spanish homepage in Spanish, title and description included', () => {
    const html = renderHome('es', false);
    for (const text of ['Saca tu certificación ASE a la primera', 'Iniciar sesión', 'Empieza gratis', 'A5 Frenos']) {
      expect(html).toContain(text);
    }
    for (const english of ['Pass your ASE certification', 'Get Started Free', 'How it works', 'Brakes']) {
      expect(html).not.toContain(english);
    }
    expect(html).toContain('href="/?lang=en"');
    expect(renderHead('es').title).toContain('certificación ASE');
    expect(renderHead('es').description).toContain('técnicos automotrices');
  });

  it('offers Go to dashboard to a signed-in visitor in each language', () => {
    expect(renderHome('es', true)).toContain('Ir a mi panel');
    expect(renderHome('es', true)).not.toContain('href="/sign-in"');
  });
});
