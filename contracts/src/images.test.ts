import { describe, expect, it } from 'vitest';
import { imageAddressOrNull, isImageAddress } from './images';
import { CompanyInputSchema } from './admin-companies';
import { CompanySchema } from './company';

describe('image addresses', () => {
  it.each([
    '/images/logos/3.svg',
    '/images/photos/24.SVG',
    '/images/uploads/acme_movers-2.webp',
    '/images/a/b/c.jpeg',
    '/media/companies/12-photo.webp',
    '/media/companies/12-thumb.webp',
    '/media/companies/7-logo.webp',
    'https://cdn.example.com/crew/truck.jpg',
    'https://cdn.example.com/logo.png?w=200',
    'https://cdn.example.com/a.avif#top',
  ])('takes %s', (value) => {
    expect(isImageAddress(value)).toBe(true);
  });

  it.each([
    '/api/logout',
    '/api/admin/database/backup',
    '/api/admin/database/backup.png',
    '/images/x.php',
    '/images/../api/logout.png',
    '/images/./logos/1.svg',
    '/images//logos/1.svg',
    '/images/%2e%2e/api/logout.png',
    '/images/logos/.hidden.png',
    '/images/logos/1.svg?next=/api/logout',
    '/images/logos/',
    '/media/companies/12-photo.png',
    '/media/companies/0-photo.webp',
    '/media/companies/12-original.webp',
    '/media/companies/../12-photo.webp',
    '/media/companies/12-photo.webp?x=1',
    '/media/other/12-photo.webp',
    '//evil.example/logo.png',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg/>',
    'http://cdn.example.com/logo.png',
    'https://cdn.example.com/api/logout',
    'https://cdn.example.com/api/logout?x=.png',
    'https://cdn.example.com/api/logout#.png',
    'https://user:secret@cdn.example.com/logo.png',
    'https://localhost/logo.png',
    'https://cdn.example.com/a b.png',
    `/images/${'a'.repeat(500)}.png`,
    '',
  ])('refuses %s', (value) => {
    expect(isImageAddress(value)).toBe(false);
  });

  it('nulls what is not a picture, for renderers', () => {
    expect(imageAddressOrNull('/images/logos/1.svg')).toBe('/images/logos/1.svg');
    expect(imageAddressOrNull('/api/logout')).toBeNull();
    expect(imageAddressOrNull(null)).toBeNull();
  });

  it('is the rule of the company form and CSV import, and of the public company shape', () => {
    const base = { name: 'Acme Movers', city: 'Austin', state: 'TX' };
    const logo = CompanyInputSchema.safeParse({ ...base, logo: '/api/logout' });
    expect(logo.success).toBe(false);
    expect(logo.error?.issues[0]?.message).toMatch(/^Logo must be an https:\/\/ image address/);
    const photos = CompanyInputSchema.safeParse({
      ...base,
      photo_urls: '/images/photos/1.svg|/api/logout',
    });
    expect(photos.error?.issues[0]?.message).toBe(
      'Photos: "/api/logout" is not an https:// image address (.svg .png .jpg .jpeg .webp .avif .gif) or a path such as /images/logos/1.svg',
    );
    expect(CompanySchema.shape.logo.safeParse('/api/logout').success).toBe(false);
    expect(CompanySchema.shape.photoUrls.safeParse(['/images/photos/1.svg']).success).toBe(true);
  });
});
