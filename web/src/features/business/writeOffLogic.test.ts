import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { writeOffActions } from './writeOffLogic';

const held = [PERMISSIONS.ORDER_PLAN_WRITE_OFF];

describe('writeOffActions', () => {
  it('lets another user approve or reject, and the maker only withdraw', () => {
    const row = { status: 'PENDING_APPROVAL', createdBy: 2, firstBy: null };
    expect(writeOffActions(row, { id: 3 }, held)).toEqual(['approve', 'reject']);
    expect(writeOffActions(row, { id: 2 }, held)).toEqual(['withdraw']);
  });

  it('keeps the first approver from the second level', () => {
    const row = { status: 'PENDING_SECOND', createdBy: 2, firstBy: 3 };
    expect(writeOffActions(row, { id: 3 }, held)).toEqual([]);
    expect(writeOffActions(row, { id: 4 }, held)).toEqual(['approve', 'reject']);
  });

  it('offers nothing once decided, or without the permission', () => {
    expect(writeOffActions({ status: 'EXECUTED', createdBy: 2, firstBy: 3 }, { id: 4 }, held)).toEqual([]);
    expect(writeOffActions({ status: 'PENDING_APPROVAL', createdBy: 2, firstBy: null }, { id: 4 }, [])).toEqual([]);
  });
});
