import { pricePerView, weekIndex, weeksStarted } from './pricing';

const DAY = 86_400_000;

describe('price list', () => {
  it('lowers the price per view as the prepaid credit grows', () => {
    expect(pricePerView(0)).toBe(50);
    expect(pricePerView(499_999)).toBe(50);
    expect(pricePerView(500_000)).toBe(40);
    expect(pricePerView(2_000_000)).toBe(30);
    expect(pricePerView(99_000_000)).toBe(25);
  });

  it('charges a weekly campaign for every week started', () => {
    expect(weeksStarted(0, 7 * DAY)).toBe(1);
    expect(weeksStarted(0, 7 * DAY + 1)).toBe(2);
    expect(weeksStarted(0, DAY)).toBe(1);
    expect(weekIndex(0, 6 * DAY)).toBe(0);
    expect(weekIndex(0, 7 * DAY)).toBe(1);
    expect(weekIndex(10, 0)).toBe(0);
  });
});
