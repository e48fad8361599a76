import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { PHOTO_SCENES, SAMPLE_PHOTO_COUNT, photoAlt } from '../lib/photos';
import { CompanyPhotos } from './company-photos';

afterEach(cleanup);

const photosDir = path.resolve(import.meta.dirname, '../../public/images/photos');

describe('company photos', () => {
  it('ships every sample illustration the seed can name (1 to 24), each saying it is an illustration', () => {
    for (let n = 1; n <= SAMPLE_PHOTO_COUNT; n += 1) {
      const svg = fs.readFileSync(path.join(photosDir, `${n}.svg`), 'utf8');
      const scene = PHOTO_SCENES[(n - 1) % PHOTO_SCENES.length];
      expect(svg).toContain(`<title>Illustration: ${scene}</title>`);
    }
    expect(fs.readdirSync(photosDir)).toHaveLength(SAMPLE_PHOTO_COUNT);
  });

  it('describes a sample illustration as one, and any other photo by the company and its number', () => {
    expect(photoAlt('/images/photos/3.svg', 'Acme Movers', 1)).toBe(
      'Illustration: two movers carrying a sofa',
    );
    expect(photoAlt('/images/photos/11.svg', 'Acme Movers', 2)).toBe(
      'Illustration: two movers carrying a sofa',
    );
    expect(photoAlt('/images/photos/25.svg', 'Acme Movers', 2)).toBe('Acme Movers photo 2');
    expect(photoAlt('https://cdn.example.com/crew.jpg', 'Acme Movers', 4)).toBe(
      'Acme Movers photo 4',
    );
  });

  it('renders the alt text on each image', () => {
    render(
      <CompanyPhotos name="Acme Movers" urls={['/images/photos/1.svg', '/images/photos/24.svg']} />,
    );
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Illustration: a moving truck parked outside a house',
      'Illustration: furniture wrapped in moving blankets',
    ]);
  });

  it('draws only picture addresses: a stored same-site path or script is left out', () => {
    render(
      <CompanyPhotos
        name="Acme Movers"
        urls={[
          '/api/logout',
          '/images/photos/2.svg',
          '/api/admin/database/backup',
          'javascript:alert(1)',
          'https://cdn.example.com/crew.jpg',
        ]}
      />,
    );
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      '/images/photos/2.svg',
      'https://cdn.example.com/crew.jpg',
    ]);
  });

  it('draws an uploaded photo from its thumbnail, with the large picture for wide screens', () => {
    render(
      <CompanyPhotos
        name="Acme Movers"
        urls={['/media/companies/12-photo.webp', '/media/companies/13-photo.webp']}
      />,
    );
    const [first, second] = screen.getAllByRole('img');
    expect(first).toHaveAttribute('src', '/media/companies/12-thumb.webp');
    expect(first).toHaveAttribute(
      'srcset',
      '/media/companies/12-thumb.webp 480w, /media/companies/12-photo.webp 1600w',
    );
    expect(first).toHaveAttribute('alt', 'Acme Movers photo 1');
    expect(second).toHaveAttribute('src', '/media/companies/13-thumb.webp');
  });

  it('draws nothing when no stored address is a picture', () => {
    const { container } = render(
      <CompanyPhotos name="Acme Movers" urls={['/api/logout', '/images/../api/logout']} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
