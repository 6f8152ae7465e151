import { WithdrawalPage } from '../../features/withdrawal/components/WithdrawalPage';

export function View() {
  return <WithdrawalPage />;
}
