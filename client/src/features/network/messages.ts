/**
 * Message descriptors of the network screens that are looked up by a key (node rules, echo
 * outcomes, ping statuses). Ids are written out so the catalogue check sees them.
 */
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { ECHO_MESSAGES, PingReply, PingResult } from '@pacs/common';

export const NETWORK_MESSAGES = defineMessages({
  ip_address: { id: 'network.validation.ip_address' },
  port: { id: 'network.validation.port' },
});

export type EchoOutcome = keyof typeof ECHO_MESSAGES;

export const ECHO_OUTCOME_LABELS: Record<EchoOutcome, MessageDescriptor> = defineMessages({
  success: { id: 'network.echo.success' },
  connect_failed: { id: 'network.echo.connect_failed' },
  echo_failed: { id: 'network.echo.echo_failed' },
  rejected: { id: 'network.echo.rejected' },
});

export const PING_STATUS_LABELS: Record<PingReply['Status'], MessageDescriptor> = defineMessages({
  Success: { id: 'network.ping.status_success' },
  TimedOut: { id: 'network.ping.status_timed_out' },
  Unreachable: { id: 'network.ping.status_unreachable' },
});

export const PING_METHOD_LABELS: Record<PingResult['Method'], MessageDescriptor> = defineMessages({
  icmp: { id: 'network.ping.method_icmp' },
  tcp: { id: 'network.ping.method_tcp' },
});
