import { AppError } from '@rr/kit';
import { translator } from '../i18n/messages';
import { validateMode, validateSchedule } from './delivery-validation';

const cs = translator('cs');
const en = translator('en');
const fieldsOf = (run: () => unknown): Record<string, string> => {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).fields ?? {};
  }
  throw new Error('expected a validation error');
};

describe('delivery schedule from a form', () => {
  it('defaults to Prague, 8:00 and 18:00 and no quiet hours; sorts and de-duplicates times', () => {
    expect(validateSchedule({}, cs)).toEqual({ timeZone: 'Europe/Prague', digestTimes: ['08:00', '18:00'], quietHours: null });
    expect(validateSchedule({ timeZone: 'Europe/London', digestTimes: ['19:30', '07:15', '19:30'], quietHours: { start: '22:00', end: '06:30' } }, en))
      .toEqual({ timeZone: 'Europe/London', digestTimes: ['07:15', '19:30'], quietHours: { start: '22:00', end: '06:30' } });
  });

  it('names the field and says what is wrong, in Czech and English', () => {
    expect(fieldsOf(() => validateSchedule({ timeZone: 'Praha' }, cs)).timeZone).toMatch(/časové pásmo/);
    expect(fieldsOf(() => validateSchedule({ digestTimes: ['8'] }, en)).digestTimes).toBe('Enter a time as HH:MM, e.g. 08:00');
    expect(fieldsOf(() => validateSchedule({ digestTimes: [] }, cs)).digestTimes).toMatch(/1 až 6/);
    expect(fieldsOf(() => validateSchedule({ digestTimes: ['01:00', '02:00', '03:00', '04:00', '05:00', '06:00', '07:00'] }, en)).digestTimes).toMatch(/1 to 6/);
    expect(fieldsOf(() => validateSchedule({ digestTimes: 'often' }, en)).digestTimes).toMatch(/1 to 6/);
    expect(fieldsOf(() => validateSchedule({ quietHours: { start: '25:00', end: '07:00' } }, en))['quietHours.start']).toMatch(/HH:MM/);
    expect(fieldsOf(() => validateSchedule({ quietHours: { start: '22:00', end: '22:00' } }, cs))['quietHours.end']).toMatch(/jiný čas/);
  });

  it('refuses a digest time that falls in the quiet hours, naming it', () => {
    expect(fieldsOf(() => validateSchedule({ digestTimes: ['06:00', '18:00'], quietHours: { start: '22:00', end: '07:00' } }, cs)).digestTimes)
      .toBe('Přehled v 06:00 by připadl na váš klidový čas; změňte čas přehledu nebo klidový čas');
  });

  it('accepts the two modes only', () => {
    expect(validateMode('digest', cs)).toBe('digest');
    expect(fieldsOf(() => validateMode('weekly', en)).deliveryMode).toMatch(/at once/);
  });
});
