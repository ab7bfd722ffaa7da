import { describe, expect, it } from 'vitest';
import { sendParams } from './variables';

describe('notice variables', () => {
  it('the sender types in the placeholders that are not customer variables', () => {
    expect(sendParams('尊敬的{customer.name}，请于{dueDate}前还款')).toEqual(['dueDate']);
    expect(sendParams('{customer.customerNo}')).toEqual([]);
    expect(sendParams('{unbalanced')).toEqual([]);
  });
});
