import { RawListing, type RawListingInput } from '@rr/proto';

/** A Brno flat as an adapter would hand it over; override what a test is about. */
export function rawListing(overrides: Partial<RawListingInput> = {}): RawListing {
  return RawListing.parse({
    portal: 'sreality',
    listingId: '1001',
    url: 'https://www.sreality.cz/detail/prodej/byt/2+kk/brno-kralovo-pole-srbska/1001',
    title: 'Prodej bytu 2+kk 54 m²',
    description: 'Nabízíme k prodeji světlý byt 2+kk o výměře 54 m² v obci Brno. K bytu náleží sklep. Parkování před domem.',
    adType: 'Sale',
    realEstateType: 'Apartment',
    dispositionLabel: '2+kk',
    area: 54,
    landArea: null,
    price: 5_490_000,
    priceText: '5 490 000 Kč',
    locality: 'Srbská, Brno - Královo Pole',
    lat: 49.2251,
    lon: 16.5962,
    images: ['https://d18-a.sdn.cz/d_18/c_img_ab/prop-42-1.jpeg', 'https://d18-a.sdn.cz/d_18/c_img_ab/prop-42-2.jpeg'],
    ...overrides,
  });
}

/** The same property cross-posted on another portal: its own id, wording, photo host and a slightly different price. */
export function crossPost(base: RawListing, overrides: Partial<RawListingInput> = {}): RawListing {
  return rawListing({
    ...base,
    portal: 'idnes',
    listingId: '6a71888887e5da33ca081ad8',
    url: 'https://reality.idnes.cz/detail/prodej/byt/brno/6a71888887e5da33ca081ad8/',
    title: 'prodej bytu 2+kk 54 m²',
    price: base.price === null ? null : base.price + 10_000,
    priceText: '5 500 000 Kč',
    lat: base.lat === null ? null : base.lat + 0.0002,
    lon: base.lon === null ? null : base.lon - 0.0003,
    images: base.images.map((u) => u.replace('https://d18-a.sdn.cz/d_18/c_img_ab/', 'https://sta-reality2.1gr.cz/sta/compile/thumbs/')),
    ...overrides,
  });
}
