export type {
  AssociationStatisticsRow,
  ConnectedStatisticsRow,
  CxrAiCount,
  Dashboard,
  DashboardCount,
  DashboardStudy,
  ModalityStatisticsRow,
  ShareStatisticsRow,
  SizeStatisticsRow,
  StatisticsInfo,
  StatisticsRow,
  StatisticsUnit,
} from '@pacs/common';
