import { AdminFrame } from '../../features/admin/components/AdminFrame';
import type { DataOf } from './registry';

/** The administration has its own frame: no shop header, consent banner or attribution. */
export function View({ data }: { data: DataOf<'admin'> }) {
  return <AdminFrame siteName={data.site.name} path={data.path} admin={data.admin} />;
}
