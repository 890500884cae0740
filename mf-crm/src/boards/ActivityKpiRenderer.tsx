import { ActivityKpis } from '../activities/ActivitiesPage.tsx';
import { crmRenderer } from './crmRenderer.tsx';

/** The "Activity Figures" board component (renderer crmActivityKpi): open, overdue, completed and GPS-verified activities. */
export default crmRenderer(ActivityKpis, '/ActivityTransaction/KPI');
