/**
 * The contract (SPEC.md section 7): for every path, the schema of the request body and of the
 * `data` a success answers (envelope.ts). The server parses requests with these (routes/parse.ts);
 * the app parses every answer with these at the door (client/api/answers.ts), in a chunk of its
 * own loaded at boot, so zod stays out of its entry. Schemas strip keys they do not name: every
 * body also carries `lang` and `token`, and an app still running an older version takes an answer
 * a newer server added fields to (DESIGN.md section 1: additions are extra fields). That the
 * server sends no key its schema does not name is checked by tests/server/contract.test.ts.
 */
import { z } from '../zod';
import {
  AppConfigSchema,
  ChangeLoginPasswordRequestSchema,
  ChangePayPasswordRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  SmsSendAnswerSchema,
  SmsSendRequestSchema,
  ResetPasswordRequestSchema,
  SessionItemSchema,
  TokenAnswerSchema,
  UserInfoSchema,
} from './accounts';
import {
  ArticleCategoryRequestSchema,
  ArticleDetailRequestSchema,
  ArticleSchema,
  ArticleSummarySchema,
  BannerSchema,
  HomeTileSchema,
  FinanceProductSchema,
  WinnerEntrySchema,
} from './content';
import { NoFieldsSchema } from './fields';
import {
  CurrentAnswerSchema,
  CurrentRequestSchema,
  GameCancelRequestSchema,
  GameInfoAnswerSchema,
  GameInfoRequestSchema,
  GetRoundAnswerSchema,
  GetRoundRequestSchema,
  GameListItemSchema,
  GameLogRequestSchema,
  OrderAnswerSchema,
  OrderRequestSchema,
  OwnOrderItemSchema,
  OwnRoundOrdersAnswerSchema,
  RoomListRequestSchema,
  RoomSchema,
  TodayWinLostSchema,
  TrendDataSchema,
  VorderAnswerSchema,
  VorderRequestSchema,
} from './game';
import { MessageReadsSchema, ReadMessagesRequestSchema } from './messages';
import { LiveTicketAnswerSchema } from './live';
import { ApiPath } from './paths';
import {
  PausePlayRequestSchema,
  PlayLimitSchema,
  PlayLimitsAnswerSchema,
  PlayLimitsRequestSchema,
  PlayPauseSchema,
  RealityCheckAnswerSchema,
  SetPlayLimitRequestSchema,
  SetRealityCheckRequestSchema,
} from './play';
import {
  AddBankCardRequestSchema,
  AddedAccountSchema,
  BankCardSchema,
  CancelWithdrawalRequestSchema,
  DeleteBankCardRequestSchema,
  FinanceFlowRequestSchema,
  FundLogEntrySchema,
  LeftMoneyAnswerSchema,
  WithdrawalItemSchema,
  WithdrawalsRequestSchema,
  WithdrawAnswerSchema,
  WithdrawRequestSchema,
} from './wallet';

/** Paths that answer no data: a success is the envelope alone. */
const NoData = z.null();

export interface CallSchemas {
  request: z.ZodType;
  data: z.ZodType;
}

export const apiContract = {
  [ApiPath.getConfig]: { request: NoFieldsSchema, data: AppConfigSchema },
  [ApiPath.login]: { request: LoginRequestSchema, data: TokenAnswerSchema },
  [ApiPath.register]: { request: RegisterRequestSchema, data: TokenAnswerSchema },
  [ApiPath.smsSend]: { request: SmsSendRequestSchema, data: SmsSendAnswerSchema },
  [ApiPath.resetPassword]: { request: ResetPasswordRequestSchema, data: NoData },
  [ApiPath.changeLoginPassword]: { request: ChangeLoginPasswordRequestSchema, data: NoData },
  [ApiPath.changePayPassword]: { request: ChangePayPasswordRequestSchema, data: NoData },
  [ApiPath.logout]: { request: NoFieldsSchema, data: NoData },
  [ApiPath.userInfo]: { request: NoFieldsSchema, data: UserInfoSchema },
  [ApiPath.sessions]: { request: NoFieldsSchema, data: z.array(SessionItemSchema) },
  [ApiPath.endOtherSessions]: { request: NoFieldsSchema, data: NoData },
  [ApiPath.todayWinLost]: { request: NoFieldsSchema, data: TodayWinLostSchema },
  [ApiPath.slide]: { request: NoFieldsSchema, data: z.array(BannerSchema) },
  [ApiPath.oneClassArticle]: { request: ArticleCategoryRequestSchema, data: z.array(ArticleSchema) },
  [ApiPath.articleDetail]: { request: ArticleDetailRequestSchema, data: ArticleSchema },
  [ApiPath.articleList]: { request: ArticleCategoryRequestSchema, data: z.array(ArticleSummarySchema) },
  [ApiPath.winners]: { request: NoFieldsSchema, data: z.array(WinnerEntrySchema) },
  [ApiPath.financeProducts]: { request: NoFieldsSchema, data: z.array(FinanceProductSchema) },
  [ApiPath.roomList]: { request: RoomListRequestSchema, data: z.array(RoomSchema) },
  [ApiPath.gameList]: { request: NoFieldsSchema, data: z.array(GameListItemSchema) },
  [ApiPath.homeTiles]: { request: NoFieldsSchema, data: z.array(HomeTileSchema) },
  [ApiPath.gameInfo]: { request: GameInfoRequestSchema, data: GameInfoAnswerSchema },
  [ApiPath.getRound]: { request: GetRoundRequestSchema, data: GetRoundAnswerSchema },
  [ApiPath.vorder]: {
    request: VorderRequestSchema,
    data: z.union([VorderAnswerSchema, OwnRoundOrdersAnswerSchema]),
  },
  [ApiPath.order]: { request: OrderRequestSchema, data: OrderAnswerSchema },
  [ApiPath.current]: { request: CurrentRequestSchema, data: CurrentAnswerSchema },
  [ApiPath.gameLog]: { request: GameLogRequestSchema, data: z.array(OwnOrderItemSchema) },
  [ApiPath.gameCancel]: { request: GameCancelRequestSchema, data: NoData },
  [ApiPath.bankCardList]: { request: NoFieldsSchema, data: z.array(BankCardSchema) },
  [ApiPath.deleteBankCard]: { request: DeleteBankCardRequestSchema, data: NoData },
  [ApiPath.addBankCard]: { request: AddBankCardRequestSchema, data: BankCardSchema },
  [ApiPath.addedAccounts]: { request: NoFieldsSchema, data: z.array(AddedAccountSchema) },
  [ApiPath.withdraw]: { request: WithdrawRequestSchema, data: WithdrawAnswerSchema },
  [ApiPath.leftMoney]: { request: NoFieldsSchema, data: LeftMoneyAnswerSchema },
  [ApiPath.withdrawals]: { request: WithdrawalsRequestSchema, data: z.array(WithdrawalItemSchema) },
  [ApiPath.messageReads]: { request: NoFieldsSchema, data: MessageReadsSchema },
  [ApiPath.readMessages]: { request: ReadMessagesRequestSchema, data: MessageReadsSchema },
  [ApiPath.cancelWithdrawal]: { request: CancelWithdrawalRequestSchema, data: NoData },
  [ApiPath.financeFlow]: { request: FinanceFlowRequestSchema, data: z.array(FundLogEntrySchema) },
  [ApiPath.trendData]: { request: NoFieldsSchema, data: TrendDataSchema },
  [ApiPath.playLimits]: { request: PlayLimitsRequestSchema, data: PlayLimitsAnswerSchema },
  [ApiPath.setPlayLimit]: { request: SetPlayLimitRequestSchema, data: PlayLimitSchema },
  [ApiPath.pausePlay]: { request: PausePlayRequestSchema, data: PlayPauseSchema },
  [ApiPath.setRealityCheck]: { request: SetRealityCheckRequestSchema, data: RealityCheckAnswerSchema },
  [ApiPath.liveTicket]: { request: NoFieldsSchema, data: LiveTicketAnswerSchema },
} as const satisfies Record<ApiPath, CallSchemas>;

// Compile-time check: the contract names exactly the paths of paths.ts.
type MissingPaths = Exclude<ApiPath, keyof typeof apiContract>;
type ExtraPaths = Exclude<keyof typeof apiContract, ApiPath>;
/** @public Read by the compiler only. */
export const contractCoversAllPaths: [MissingPaths, ExtraPaths] extends [never, never] ? true : never = true;

/** The live streams' events, checked by the app in the same chunk as the answers (client/api/answers.ts). */
export { MemberEventSchema, RoomEventSchema } from './live';
