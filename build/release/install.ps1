# agent-connector installer for Windows (PowerShell 5.1 or 7). Downloads the release zip and
# SHA256SUMS, checks the zip's SHA-256, unpacks it and runs `agent-connector self-install`, which
# copies the binary to $env:AGENT_CONNECTOR_HOME\bin (default ~\.agent-connector\bin): the path
# every hook command calls. Written by build/release.ts; AGENT_CONNECTOR_RELEASE_BASE overrides where from.
$ErrorActionPreference = 'Stop'
$ProgressPreference = 'SilentlyContinue'

$base = if ($env:AGENT_CONNECTOR_RELEASE_BASE) { $env:AGENT_CONNECTOR_RELEASE_BASE } else { '@BASE@' }
$base = $base.TrimEnd('/')

# Windows on Arm runs the x64 build under emulation; there is no other Windows build.
if (-not [Environment]::Is64BitOperatingSystem) { throw 'agent-connector install: needs 64-bit Windows' }
$archive = 'agent-connector-windows-x64.zip'

$tmp = Join-Path ([IO.Path]::GetTempPath()) ('agent-connector-' + [Guid]::NewGuid().ToString('N'))
New-Item -ItemType Directory -Path $tmp | Out-Null
try {
  Write-Host "agent-connector install: $base/$archive"
  Invoke-WebRequest -UseBasicParsing -Uri "$base/SHA256SUMS" -OutFile (Join-Path $tmp 'SHA256SUMS')
  Invoke-WebRequest -UseBasicParsing -Uri "$base/$archive" -OutFile (Join-Path $tmp $archive)
  $expected = $null
  foreach ($line in Get-Content (Join-Path $tmp 'SHA256SUMS')) {
    $m = [regex]::Match($line, '^([0-9a-fA-F]{64}) [ *]?(.+)$')
    if ($m.Success -and $m.Groups[2].Value -eq $archive) { $expected = $m.Groups[1].Value.ToLowerInvariant(); break }
  }
  if (-not $expected) { throw "agent-connector install: SHA256SUMS lists no $archive" }
  $actual = (Get-FileHash -Algorithm SHA256 -Path (Join-Path $tmp $archive)).Hash.ToLowerInvariant()
  if ($expected -ne $actual) { throw "agent-connector install: checksum mismatch for ${archive}: SHA256SUMS says $expected, the download is $actual" }
  Expand-Archive -Path (Join-Path $tmp $archive) -DestinationPath (Join-Path $tmp 'unpacked')
  & (Join-Path $tmp 'unpacked\agent-connector.exe') self-install
  if ($LASTEXITCODE -ne 0) { throw "agent-connector install: self-install failed (exit $LASTEXITCODE)" }
} finally {
  Remove-Item -Recurse -Force -Path $tmp -ErrorAction SilentlyContinue
}
