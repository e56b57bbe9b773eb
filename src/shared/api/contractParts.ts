/**
 * Which domain file keeps each path's schemas: its part of the contract (contract.ts checks that
 * each part holds the paths named here). Plain values, no zod: the app reads it to load only the
 * part of a path it calls (client/api/answers.ts).
 */
import { ApiPath } from './paths';

export type ContractPart = 'accounts' | 'content' | 'game' | 'wallet' | 'messages' | 'play' | 'live';

export const CONTRACT_PART_OF = {
  [ApiPath.getConfig]: 'accounts',
  [ApiPath.login]: 'accounts',
  [ApiPath.register]: 'accounts',
  [ApiPath.smsSend]: 'accounts',
  [ApiPath.resetPassword]: 'accounts',
  [ApiPath.changeLoginPassword]: 'accounts',
  [ApiPath.changePayPassword]: 'accounts',
  [ApiPath.logout]: 'accounts',
  [ApiPath.userInfo]: 'accounts',
  [ApiPath.sessions]: 'accounts',
  [ApiPath.endOtherSessions]: 'accounts',
  [ApiPath.slide]: 'content',
  [ApiPath.oneClassArticle]: 'content',
  [ApiPath.articleDetail]: 'content',
  [ApiPath.articleList]: 'content',
  [ApiPath.winners]: 'content',
  [ApiPath.financeProducts]: 'content',
  [ApiPath.homeTiles]: 'content',
  [ApiPath.todayWinLost]: 'game',
  [ApiPath.roomList]: 'game',
  [ApiPath.gameList]: 'game',
  [ApiPath.gameInfo]: 'game',
  [ApiPath.getRound]: 'game',
  [ApiPath.vorder]: 'game',
  [ApiPath.order]: 'game',
  [ApiPath.current]: 'game',
  [ApiPath.gameLog]: 'game',
  [ApiPath.gameCancel]: 'game',
  [ApiPath.trendData]: 'game',
  [ApiPath.bankCardList]: 'wallet',
  [ApiPath.deleteBankCard]: 'wallet',
  [ApiPath.addBankCard]: 'wallet',
  [ApiPath.addedAccounts]: 'wallet',
  [ApiPath.deposits]: 'wallet',
  [ApiPath.withdraw]: 'wallet',
  [ApiPath.leftMoney]: 'wallet',
  [ApiPath.withdrawals]: 'wallet',
  [ApiPath.cancelWithdrawal]: 'wallet',
  [ApiPath.financeFlow]: 'wallet',
  [ApiPath.messageReads]: 'messages',
  [ApiPath.readMessages]: 'messages',
  [ApiPath.playLimits]: 'play',
  [ApiPath.setPlayLimit]: 'play',
  [ApiPath.pausePlay]: 'play',
  [ApiPath.setRealityCheck]: 'play',
  [ApiPath.liveTicket]: 'live',
} as const satisfies Record<ApiPath, ContractPart>;
