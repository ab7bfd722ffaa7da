import { Descriptions, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '../../api/schema';
import { formatBp, formatYuan } from '../format/money';
import { SCHEDULE_NS } from './locales';
import './schedule.css';

export type Schedule = components['schemas']['ScheduleData'];
export type ScheduleLine = components['schemas']['ScheduleLineData'];

/** The width of an amount column of the plan (up to 9,999,999.99 with its padding). */
const MONEY_COL = 112;

/**
 * A repayment schedule as the server computes it (`ScheduleData`): the summary (rates, instalment,
 * totals, fee and deposit) and the table of instalments with their sum. The product calculator
 * and the order page show it; `testId` prefixes the test ids of the parts (`calc-summary`, …).
 * `lines={false}` shows the summary only, for a page that lists the instalments elsewhere (an
 * order whose plan is stored); `children` then follow the summary (where the instalments are).
 * `amounts={false}` leaves out the fee, the deposit and the financed amount, for a page that
 * shows them already (the order page's amounts).
 */
export function ScheduleView({
  data,
  testId = 'calc',
  height = 520,
  lines = true,
  amounts = true,
  children,
}: {
  data: Schedule;
  testId?: string;
  height?: number;
  lines?: boolean;
  amounts?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation(SCHEDULE_NS);
  const money = (fen: number) => formatYuan(fen);
  const cell = (fen: number) => <span className="bh-num">{money(fen)}</span>;
  return (
    <div className="bh-schedule">
      <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} className="bh-schedule__summary" data-testid={`${testId}-summary`}>
        <Descriptions.Item label={t('nominal')}>{formatBp(data.nominalAnnualBp)}</Descriptions.Item>
        <Descriptions.Item label={t('irr')}>
          <Typography.Text strong data-testid={`${testId}-irr`}>
            {data.annualised ? formatBp(data.annualised.effectiveAnnualBp) : '—'}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('irrNominal')}>{data.annualised ? formatBp(data.annualised.nominalAnnualBp) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('emi')}>{data.emiFen === null ? '—' : money(data.emiFen)}</Descriptions.Item>
        <Descriptions.Item label={t('totalInterest')}>{money(data.totalInterestFen)}</Descriptions.Item>
        <Descriptions.Item label={t('totalRepayment')}>
          <span data-testid={`${testId}-total`}>{money(data.totalRepaymentFen)}</span>
        </Descriptions.Item>
        {amounts ? (
          <>
            <Descriptions.Item label={t('upfrontFee')}>{money(data.upfrontFeeFen)}</Descriptions.Item>
            <Descriptions.Item label={t('deposit')}>{money(data.depositFen)}</Descriptions.Item>
            <Descriptions.Item label={t('principal')}>{money(data.principalFen)}</Descriptions.Item>
          </>
        ) : null}
      </Descriptions>
      {children}
      {lines ? (
        <Table<ScheduleLine>
          rowKey="seq"
          size="small"
          bordered
          pagination={false}
          dataSource={data.lines}
          data-testid={`${testId}-plan`}
          // A phone scrolls the plan sideways rather than squeezing the amounts a letter wide.
          scroll={{ x: 64 + 150 + 5 * MONEY_COL, y: height }}
          columns={[
            { key: 'seq', title: t('seq'), width: 64, align: 'center', render: (_, l) => l.seq },
            {
              key: 'due',
              title: t('dueDate'),
              width: 150,
              render: (_, l) => (
                <>
                  {l.dueDate}
                  {l.isDepositOffset ? (
                    <Tag color="gold" className="bh-schedule__tag">
                      {t('depositOffset')}
                    </Tag>
                  ) : null}
                </>
              ),
            },
            { key: 'p', title: t('principalCol'), align: 'right', width: MONEY_COL, render: (_, l) => cell(l.principalFen) },
            { key: 'i', title: t('interest'), align: 'right', width: MONEY_COL, render: (_, l) => cell(l.interestFen) },
            { key: 'f', title: t('fee'), align: 'right', width: MONEY_COL, render: (_, l) => cell(l.feeFen) },
            { key: 't', title: t('total'), align: 'right', width: MONEY_COL, render: (_, l) => <strong className="bh-num">{money(l.totalFen)}</strong> },
            { key: 'r', title: t('remaining'), align: 'right', width: MONEY_COL, render: (_, l) => cell(l.remainingFen) },
          ]}
          summary={() => (
            <Table.Summary fixed>
              <Table.Summary.Row className="bh-schedule__sum">
                <Table.Summary.Cell index={0} colSpan={2} align="center">
                  {t('sum')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {cell(data.totalPrincipalFen)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {cell(data.totalInterestFen)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {cell(data.totalFeeFen)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  <strong className="bh-num">{money(data.totalRepaymentFen)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} />
              </Table.Summary.Row>
            </Table.Summary>
          )}
        />
      ) : null}
    </div>
  );
}
