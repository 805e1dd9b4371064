import { balanceOf, chargeViews } from './ledger';

describe('credit ledger', () => {
  it('derives the balance as credit minus charges', () => {
    expect(balanceOf([{ kind: 'deposit', amount: 1000 }, { kind: 'charge', amount: 150 }, { kind: 'weekly', amount: 300 }, { kind: 'deposit', amount: 50 }]))
      .toEqual({ deposited: 1050, charged: 450, balance: 600 });
  });

  it('charges each view once at the price while credit and budget last', () => {
    expect(chargeViews({ views: 3, pricePerView: 50, balance: 1000, budgetLeft: Infinity })).toEqual({ charged: 3, amount: 150, free: 0 });
  });

  it('never charges beyond the credit: the views past it are free', () => {
    expect(chargeViews({ views: 5, pricePerView: 50, balance: 120, budgetLeft: Infinity })).toEqual({ charged: 2, amount: 100, free: 3 });
  });

  it('never charges beyond the campaign budget', () => {
    expect(chargeViews({ views: 5, pricePerView: 40, balance: 10_000, budgetLeft: 100 })).toEqual({ charged: 2, amount: 80, free: 3 });
  });

  it('charges nothing with no credit left', () => {
    expect(chargeViews({ views: 4, pricePerView: 40, balance: 0, budgetLeft: 500 })).toEqual({ charged: 0, amount: 0, free: 4 });
  });
});
