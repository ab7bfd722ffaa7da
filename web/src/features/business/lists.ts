/** The cache keys of the order lists (the order page reloads them after a step). */
export const ORDER_LISTS = {
  apply: 'business.apply',
  intake: 'business.intake',
  review: 'business.review',
  queue: 'business.queue',
  rejected: 'business.rejected',
  all: 'business.all',
  rules: 'business.rules',
  records: 'business.records',
  // part 2
  declaration: 'business.declaration',
  insure: 'business.insure',
  sign: 'business.sign',
  downpayment: 'business.downpayment',
  disbursement: 'business.disbursement',
  policy: 'business.policy',
  // repayments
  repayment: 'business.repayment',
  settled: 'business.settled',
  surrendered: 'business.surrendered',
} as const;
