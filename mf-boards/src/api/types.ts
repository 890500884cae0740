import type {
  boardGet,
  boardRoleShareList,
  boardTemplateList,
  boardUserShareList,
  ContractResult,
  dynamicPage,
} from '@tradeboard/shared/contracts';

export type BoardValue = ContractResult<typeof boardGet>;
export type DynamicPageValue = ContractResult<typeof dynamicPage>;
export type CardValue = DynamicPageValue['cards'][number];
export type BoardTemplateValue = ContractResult<typeof boardTemplateList>[number];
export type UserShareValue = ContractResult<typeof boardUserShareList>[number];
export type RoleShareValue = ContractResult<typeof boardRoleShareList>[number];
export type CardLayoutValue = NonNullable<CardValue['layout']>;
export type {
  ComponentConfigValue,
  ComponentInstanceValue,
  ComponentMasterValue,
  FilterValue,
} from '@tradeboard/shared/boards';
