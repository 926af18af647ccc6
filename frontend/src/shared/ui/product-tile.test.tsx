// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPreferences } from '@labelwise/domain/contracts';
import { renderInApp } from '../../../testing/render-in-app';
import { RatingBanner } from './analysis/rating-banner';
import { ProductCard } from './product-card';
import { ProductListBrowser } from './product-list-browser';
import { OFF_IMAGE_ATTRIBUTION } from './product-tile-image';
import { TrafficLight } from './traffic-light';

afterEach(cleanup);

const oats = {
  id: 1,
  name: 'Jumbo Rolled Oats',
  brand: 'Hearth & Field',
  rating: 'amber' as const,
  imageUrl: null,
  category: null,
  nutritionWarnings: [],
  dietaryFlags: [],
};

describe('TrafficLight', () => {
  it.each([
    ['green', 'Green'],
    ['amber', 'Risk'],
    ['red', 'Warning'],
  ])('lights one of three lamps for %s, the lit one carrying the word %s', (rating, word) => {
    renderInApp(<TrafficLight rating={rating} />);
    const light = screen.getByTestId('traffic-light');
    expect(light.dataset.rating).toBe(rating);
    expect(light.children).toHaveLength(3);
    const lit = light.querySelectorAll('[data-lit]');
    expect(lit).toHaveLength(1);
    expect(lit[0]!.textContent).toBe(word);
    expect(light.textContent).toBe(word);
  });

  it('lights no lamp for an unknown rating and says Unrated', () => {
    renderInApp(<TrafficLight rating={null} />);
    const light = screen.getByTestId('traffic-light');
    expect([...light.children].filter((lamp) => lamp.textContent === '')).toHaveLength(3);
    expect(light.textContent).toBe('Unrated');
  });

  it('upright in the verdict banner: one glowing lamp, the word as the heading beside it', () => {
    renderInApp(<RatingBanner rating="red" />);
    const light = screen.getByTestId('traffic-light');
    expect(light.querySelectorAll('[data-lit]')).toHaveLength(1);
    expect(light.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('rating-banner').textContent).toMatch(/^Warning/);
  });
});

describe('ProductCard', () => {
  it('shows the Open Food Facts photo with its attribution', () => {
    renderInApp(<ProductCard product={{ ...oats, imageUrl: 'https://images.openfoodfacts.org/oats.jpg' }} />);
    const photo = screen.getByRole('img', { name: 'Photo of Jumbo Rolled Oats' });
    expect(photo.getAttribute('src')).toBe('https://images.openfoodfacts.org/oats.jpg');
    expect(screen.getByTestId('image-attribution').textContent).toBe(OFF_IMAGE_ATTRIBUTION);
    expect(OFF_IMAGE_ATTRIBUTION).toMatch(/^Photo: Open Food Facts/);
    expect(screen.queryByTestId('image-placeholder')).toBeNull();
    expect(screen.getByRole('link', { name: 'Jumbo Rolled Oats' }).getAttribute('href')).toBe('/product/1');
  });

  it('draws the kind of food when there is no photo, or it does not load', () => {
    renderInApp(<ProductCard product={oats} />);
    expect(screen.getByTestId('image-placeholder').dataset.kind).toBe('cereal');
    expect(screen.queryByTestId('image-attribution')).toBeNull();
    cleanup();

    renderInApp(
      <ProductCard
        product={{ ...oats, imageUrl: 'https://images.openfoodfacts.org/gone.jpg', category: 'yogurts' }}
      />,
    );
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByTestId('image-placeholder').dataset.kind).toBe('dairy');
    expect(screen.queryByTestId('image-attribution')).toBeNull();
  });
});

describe('Scan history tiles', () => {
  it('show the date each product was scanned or looked up, newest first', () => {
    renderInApp(
      <ProductListBrowser
        listName="my scanned products"
        products={[
          { ...oats, id: 1, scannedAt: '2026-10-03T12:00:00.000Z' },
          { ...oats, id: 2, scannedAt: '2026-11-27T12:00:00.000Z' },
        ]}
        isPending={false}
        isError={false}
        empty={null}
      />,
    );
    const tiles = screen.getAllByRole('listitem');
    expect(tiles.map((tile) => tile.querySelector('time')?.textContent)).toEqual([
      'Scanned 27 November 2026',
      'Scanned 3 October 2026',
    ]);
    expect(tiles[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-27T12:00:00.000Z');
  });

  it('show no date on a tile of a list that is not a history', () => {
    renderInApp(<ProductCard product={oats} />);
    expect(screen.queryByText(/^Scanned /)).toBeNull();
  });
});

describe('ProductCard nutrition', () => {
  it('says in words what is high in the product, and nothing when nothing is', () => {
    renderInApp(<ProductCard product={{ ...oats, nutritionWarnings: ['high-sugars', 'high-salt'] }} />);
    expect(
      [...screen.getByTestId('nutrition-warnings').querySelectorAll('li')].map((item) => item.textContent),
    ).toEqual(['High sugar', 'High salt']);
    cleanup();

    renderInApp(<ProductCard product={oats} />);
    expect(screen.queryByTestId('nutrition-warnings')).toBeNull();
  });
});

describe('ProductCard dietary markers', () => {
  const glutenAndNuts = { ...oats, dietaryFlags: ['noGluten', 'noNuts', 'organic'] };

  it('marks the alerts the signed-in user has switched on, saying what the product contains', () => {
    const preferences = {
      ...defaultPreferences,
      noGluten: true,
      premiumAlerts: { ...defaultPreferences.premiumAlerts, noNuts: true },
    };
    renderInApp(<ProductCard product={glutenAndNuts} />, { signedIn: { uid: 'u1', preferences } });
    const markers = screen.getByRole('list', { name: 'Your dietary alerts' });
    expect([...markers.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Contains gluten',
      'Contains nuts',
    ]);
  });

  it('marks nothing signed out, or for alerts the user has off', () => {
    renderInApp(<ProductCard product={glutenAndNuts} />);
    expect(screen.queryByTestId('dietary-markers')).toBeNull();
    cleanup();
    renderInApp(<ProductCard product={glutenAndNuts} />, {
      signedIn: { uid: 'u1', preferences: { ...defaultPreferences, noDairy: true } },
    });
    expect(screen.queryByTestId('dietary-markers')).toBeNull();
  });
});
