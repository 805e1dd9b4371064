import { generateTitle, type TitleFacts } from './title';

const facts = (overrides: Partial<TitleFacts>): TitleFacts => ({
  adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: null, houseType: null, area: null, landArea: null, ...overrides,
});

describe('generated title', () => {
  it('names a flat by offer type, disposition and area', () => {
    expect(generateTitle(facts({ dispositionLabel: '3+kk', area: 71 }))).toBe('Prodej bytu 3+kk 71 m²');
  });

  it('names land by its size with Czech thousands grouping', () => {
    expect(generateTitle(facts({ realEstateType: 'Land', landArea: 1200 }))).toBe('Prodej pozemku 1 200 m²');
  });

  it('adds the land of a house after its floor area', () => {
    expect(generateTitle(facts({ adType: 'Rent', realEstateType: 'House', dispositionLabel: '5+1', area: 180, landArea: 600 })))
      .toBe('Pronájem domu 5+1 180 m², pozemek 600 m²');
  });

  it('words cottages, rooms, larger flats and commercial space as portals do', () => {
    expect(generateTitle(facts({ realEstateType: 'House', houseType: 'Hut', area: 40, landArea: 350 }))).toBe('Prodej chaty 40 m², pozemek 350 m²');
    expect(generateTitle(facts({ adType: 'Roommates', dispositionLabel: 'room', area: 14 }))).toBe('Spolubydlení pokoje 14 m²');
    expect(generateTitle(facts({ dispositionLabel: '6+', area: 210 }))).toBe('Prodej bytu 6 pokojů a více 210 m²');
    expect(generateTitle(facts({ adType: 'Rent', realEstateType: 'Commercial', area: 85.5 }))).toBe('Pronájem komerčního prostoru 85,5 m²');
  });

  it('leaves out what is not known', () => {
    expect(generateTitle(facts({ adType: 'Auction', realEstateType: 'House' }))).toBe('Dražba domu');
  });
});
