import { kaplanMeierMedian } from './days-on-market';

const ended = (days: number) => ({ days, ended: true });
const listed = (days: number) => ({ days, ended: false });

describe('kaplanMeierMedian', () => {
  it('is the plain median when every offer has been withdrawn', () => {
    expect(kaplanMeierMedian([ended(5), ended(10), ended(20), ended(40)])).toEqual({ medianDays: 10, ended: 4, censored: 0 });
  });

  it('does not treat offers still listed as quick sales', () => {
    // Completed only, the lower median would be 3; three offers listed past day 3 keep the
    // curve above ½ until day 30 (S = 5/7 after day 3, then 5/7 · 1/2).
    const spells = [ended(2), ended(3), listed(4), listed(5), listed(6), ended(30), ended(40)];
    expect(kaplanMeierMedian(spells).medianDays).toBe(30);
    expect(kaplanMeierMedian(spells)).toMatchObject({ ended: 4, censored: 3 });
  });

  it('has no median while more than half are still listed', () => {
    expect(kaplanMeierMedian([ended(3), listed(5), listed(6)]).medianDays).toBeNull();
    expect(kaplanMeierMedian([])).toEqual({ medianDays: null, ended: 0, censored: 0 });
  });
});

describe('kaplanMeierMedian over counted spells', () => {
  it('gives the same median as the spells one by one', () => {
    const one = [ended(2), ended(3), listed(4), listed(4), listed(6), ended(30), ended(30)];
    const counted = [{ days: 2, ended: true }, { days: 3, ended: true }, { days: 4, ended: false, count: 2 }, { days: 6, ended: false }, { days: 30, ended: true, count: 2 }];
    expect(kaplanMeierMedian(counted)).toEqual(kaplanMeierMedian(one));
  });
});
