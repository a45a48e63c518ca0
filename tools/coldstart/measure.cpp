// Runs one command and prints, on stdout, the nanoseconds from fork to its reaped exit, its CPU
// time (user and system) in nanoseconds, and its peak resident memory in KiB (ru_maxrss). A process of its own so that the peak is the
// command's: a child forked from Python (or spawned with vfork) carries its parent's peak.
//   measure COMMAND [ARGUMENTS...]
#include <cstdio>
#include <ctime>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char *argv[])
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: measure COMMAND [ARGUMENTS...]\n");
        return 2;
    }
    timespec start{}, end{};
    clock_gettime(CLOCK_MONOTONIC, &start);
    const pid_t pid = fork();
    if (pid == 0) {
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        execv(argv[1], argv + 1);
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (pid < 0 || wait4(pid, &status, 0, &usage) != pid)
        return 2;
    clock_gettime(CLOCK_MONOTONIC, &end);
    const long long ns = (end.tv_sec - start.tv_sec) * 1'000'000'000LL + (end.tv_nsec - start.tv_nsec);
    const long long cpu = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1'000'000'000LL
            + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1'000LL;
    std::printf("%lld %lld %ld\n", ns, cpu, usage.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
