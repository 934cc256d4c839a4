import { Anchor, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import type { ExportFile, ExportKind } from '@/contract/exports';
import { QuerySection } from '../../components/query-section';
import { formatDateTime, formatNumber } from '../../lib/format';
import { formatBytes } from '../../lib/format-extra';
import { useLocale, useMessages } from '../../lib/i18n';
import { exportsMessages } from './exports-messages';
import { exportFileUrl, exportQueries } from './exports-queries';

/**
 * The files the scheduled exports wrote, newest first, each with its row count and what it holds (whole up
 * to its watermark, or the changes from one watermark to the next). Downloads go through the gateway,
 * which checks the role and records each in the audit trail.
 */
export function ExportFilesPanel({ kindLabel }: { kindLabel: (kind: ExportKind) => string }) {
  const t = useMessages(exportsMessages);
  const { locale } = useLocale();
  const files = useQuery(exportQueries.files());
  const at = (value: string) => formatDateTime(value, locale);
  const range = (file: ExportFile) =>
    file.sinceAt && file.watermarkAt
      ? t('fileChanges', { since: at(file.sinceAt), at: at(file.watermarkAt) })
      : file.watermarkAt
        ? t('fileFull', { at: at(file.watermarkAt) })
        : t('fileFullNoWatermark');

  return (
    <QuerySection id="export-files-title" title={t('filesTitle')} intro={t('filesIntro')} query={files}>
      {({ files: list }) =>
        list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('filesNone')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760} type="native">
            <Table verticalSpacing={6} striped data-testid="export-files">
              <caption className="foyer-visually-hidden">{t('filesTitle')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('fileColumnName')}</Table.Th>
                  <Table.Th scope="col">{t('fileColumnMade')}</Table.Th>
                  <Table.Th scope="col">{t('fileColumnRange')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('fileColumnRows')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('fileColumnSize')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((file) => (
                  <Table.Tr
                    key={file.id}
                    data-testid="export-file"
                    data-file-id={file.id}
                    data-schedule-id={file.scheduleId ?? ''}
                    data-rows={file.rowCount}
                  >
                    <Table.Td>
                      <Anchor
                        href={exportFileUrl(file.id)}
                        download={file.fileName}
                        size="sm"
                        aria-label={t('fileDownload', { name: file.fileName })}
                      >
                        {file.fileName}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {kindLabel(file.kind)}
                      </Text>
                    </Table.Td>
                    <Table.Td className="foyer-tabular">{at(file.createdAt)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{range(file)}</Text>
                    </Table.Td>
                    <Table.Td ta="right" className="foyer-tabular">
                      {t('fileRows', {
                        rows: formatNumber(file.rowCount, locale),
                        records: formatNumber(file.recordCount, locale),
                      })}
                    </Table.Td>
                    <Table.Td ta="right" className="foyer-tabular">
                      {formatBytes(file.bytes, locale)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      }
    </QuerySection>
  );
}
