import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ShiftDetail } from '@/contract/shift';
import { IconDownload } from '../../components/icons/area-icons';
import { PAGE_RULES, type PaperLayout } from '../../components/print-view';
import { downloadText } from '../../lib/download-text';
import { useMessages } from '../../lib/i18n';
import { ShiftLoad, shiftIdParam } from './shift-page';
import { shiftsMessages } from './shifts-messages';
import { zReportCsv, zReportFileName } from './z-report-csv';
import { ZReportPaper } from './z-report-paper';

function ZReportView({ detail }: { detail: ShiftDetail }) {
  const t = useMessages(shiftsMessages);
  const [search, setSearch] = useSearchParams();
  const layout: PaperLayout = search.get('layout') === '80mm' ? '80mm' : 'a4';
  const { shift, zReport } = detail;
  const choose = (next: PaperLayout) => {
    const params = new URLSearchParams(search);
    params.set('layout', next);
    setSearch(params, { replace: true });
  };

  return (
    <div className={`foyer-print foyer-print-${layout}`} data-layout={layout}>
      <style>{PAGE_RULES[layout]}</style>
      <Stack gap="sm" className="foyer-print-toolbar" mb="lg">
        <Anchor component={Link} to={`/shifts/${shift.id}`} size="sm">
          ← {t('zBack')}
        </Anchor>
        <Title order={1}>{t('zTitle', { id: shift.id })}</Title>
        {zReport ? (
          <Group gap="md" align="flex-end" wrap="wrap">
            <div>
              <Text size="sm" fw={500} id="z-layout-label">
                {t('layoutLabel')}
              </Text>
              <SegmentedControl
                aria-labelledby="z-layout-label"
                value={layout}
                onChange={(value) => choose(value === '80mm' ? '80mm' : 'a4')}
                data={[
                  { value: 'a4', label: t('layoutA4') },
                  { value: '80mm', label: t('layout80mm') },
                ]}
              />
            </div>
            <Button onClick={() => window.print()} data-testid="z-print">
              {t('print')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => downloadText(zReportCsv(shift, zReport, t), zReportFileName(shift))}
              data-testid="z-csv"
            >
              {t('downloadCsv')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      {zReport ? (
        <ZReportPaper shift={shift} report={zReport} signOffNote={detail.signOffNote} />
      ) : (
        <Alert color="blue" variant="light" role="status">
          <Group gap="sm">
            <Text size="sm">{t('zNotYet')}</Text>
            {detail.mayClose ? (
              <Anchor component={Link} to={`/shifts/${shift.id}/close`} size="sm">
                {t('closeShift')}
              </Anchor>
            ) : null}
          </Group>
        </Alert>
      )}
    </div>
  );
}

/** `/shifts/:shiftId/z-report?layout=a4|80mm`: the Z-report kept at closing, to print or download as CSV. */
export function ZReportRoutePage() {
  const shiftId = shiftIdParam(useParams().shiftId);
  return <ShiftLoad shiftId={shiftId}>{(detail) => <ZReportView detail={detail} />}</ShiftLoad>;
}
