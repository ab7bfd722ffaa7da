import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { LANGUAGES } from '../i18n/languages';
import { scheduleDictionaries } from './locales';
import { ScheduleView, type Schedule } from './ScheduleView';

/** docs/money.md's example: 1 %/month over 12 → nominal 12.00 %, IRR effective 12.68 %, nominal 12.00 %; a flat product shows them apart. */
const schedule = (over: Partial<Schedule> = {}): Schedule => ({
  productId: 1, productVersion: 1, principalFen: 1_000_000, term: 2, anchorDate: '2026-01-31', generatorVersion: 1, emiFen: null,
  upfrontFeeFen: 0, depositFen: 0, totalPrincipalFen: 1_000_000, totalInterestFen: 60_000, totalFeeFen: 0, totalRepaymentFen: 1_060_000,
  nominalAnnualBp: 600, annualised: { monthlyRateE12: 9_083_333_333, effectiveAnnualBp: 1146, nominalAnnualBp: 1090 },
  lines: [
    { seq: 1, dueDate: '2026-02-28', principalFen: 500_000, interestFen: 30_000, feeFen: 0, totalFen: 530_000, remainingFen: 500_000, isDepositOffset: false },
    { seq: 2, dueDate: '2026-03-31', principalFen: 500_000, interestFen: 30_000, feeFen: 0, totalFen: 530_000, remainingFen: 0, isDepositOffset: false },
  ],
  ...over,
});

/** The figure next to a label of the summary (a bordered Descriptions: label cell, then content cell). */
function figureOf(label: string): string {
  const cell = [...document.querySelectorAll('.ant-descriptions-item-label')].find((th) => th.textContent === label);
  if (!cell) throw new Error(`no label ${label}`);
  return cell.nextElementSibling?.textContent ?? '';
}

describe('the schedule summary names each rate', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("labels the product's nominal rate, the IRR's effective (compounded) rate and the IRR's nominal rate apart", () => {
    render(<ScheduleView data={schedule()} testId="s" />);
    expect(figureOf('Nominal annual rate (product, monthly\u00a0×\u00a012)')).toBe('6.00%');
    expect(figureOf('Effective annual rate (IRR, compounded monthly)')).toBe('11.46%');
    expect(figureOf('Nominal annual rate (monthly IRR\u00a0×\u00a012)')).toBe('10.90%');
    expect(screen.getByTestId('s-irr').textContent).toBe('11.46%');
  });

  it('says in every language which rate is effective and which are nominal, and which are the IRR', () => {
    const effective = { zh: '实际', en: 'Effective', es: 'efectivo', ja: '実質' };
    const nominal = { zh: '名义', en: 'Nominal', es: 'nominal', ja: '名目' };
    const irr = { zh: 'IRR', en: 'IRR', es: 'TIR', ja: 'IRR' };
    for (const lang of LANGUAGES) {
      const texts = scheduleDictionaries[lang];
      expect(texts.irr, lang).toContain(effective[lang]);
      expect(texts.irr, lang).toContain(irr[lang]);
      expect(texts.irrNominal, lang).toContain(nominal[lang]);
      expect(texts.irrNominal, lang).toContain(irr[lang]);
      expect(texts.nominal, lang).toContain(nominal[lang]);
      expect(texts.nominal, lang).not.toContain(irr[lang]);
      expect(new Set([texts.nominal, texts.irr, texts.irrNominal]).size, lang).toBe(3);
    }
  });

  it('shows the instalments, or the summary only with what the page puts in their place', () => {
    const { unmount } = render(<ScheduleView data={schedule()} testId="s" />);
    expect(within(screen.getByTestId('s-plan')).getByText('2026-03-31')).toBeTruthy();
    unmount();
    render(
      <ScheduleView data={schedule()} testId="s" lines={false}>
        <a>Show the instalments</a>
      </ScheduleView>,
    );
    expect(screen.queryByTestId('s-plan')).toBeNull();
    expect(screen.getByTestId('s-summary')).toBeTruthy();
    expect(screen.getByText('Show the instalments')).toBeTruthy();
  });

  it('leaves out the fee, the deposit and the financed amount where the page shows them already', () => {
    const { unmount } = render(<ScheduleView data={schedule({ depositFen: 50_000 })} testId="s" />);
    expect(figureOf('Financed amount')).toBe('10,000.00');
    expect(figureOf('Deposit')).toBe('500.00');
    unmount();
    render(<ScheduleView data={schedule({ depositFen: 50_000 })} testId="s" amounts={false} />);
    const labels = [...document.querySelectorAll('.ant-descriptions-item-label')].map((th) => th.textContent);
    expect(labels).not.toContain('Financed amount');
    expect(labels).not.toContain('Deposit');
    expect(labels).not.toContain('Fee (with down payment)');
    expect(labels).toContain('Total repayment');
  });
});
